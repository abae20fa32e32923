/* spec.h: the table of Go 1.22-1.26 wire events ("v2"), per version.
 *
 * One entry per wire event type with what Go's tracev2 spec says of it:
 * its name, argument names (Go's "name_type" convention: "dt", "g",
 * "p_seq", "reason_string", "stack", "pstatus" …), which arguments are
 * string or stack ids, whether it is timed, has a data trailer (a varint
 * length then raw bytes), or is a stack table entry (a varint frame count
 * then 4 varints a frame).  Used by the binary decoder, the text form
 * reader (text -> binary) and writer (binary -> text).
 */
#ifndef GT_DECODE_V2_SPEC_H
#define GT_DECODE_V2_SPEC_H

#include <stdint.h>

#define GT_V2_MAX_ARGS 8

struct gt_v2_spec {
	const char *name;                    /* "GoCreate"; NULL: no such type */
	uint8_t nargs;                       /* number of varint arguments */
	const char *args[GT_V2_MAX_ARGS];    /* argument names, in order */
	int8_t string_ids[4];                /* arg indices of string ids, -1 ends */
	int8_t stack_ids[4];                 /* arg indices of stack ids, -1 ends; first is the event's own stack */
	uint8_t start_ev;                    /* for an "end": its start event type; 0 none */
	uint8_t is_timed;                    /* in the event stream, first arg is "dt" */
	uint8_t has_data;                    /* varint length + bytes trailer */
	uint8_t is_stack;                    /* stack table entry: frames follow */
	uint8_t experiment;                  /* 0 none, else experiment id */
};

enum { GT_V2_MAX_TYPE = 255 };

/* The spec of wire type `type` in trace version `version` (22, 23, 25, 26),
 * or NULL when that version has no such event. */
const struct gt_v2_spec *gt_v2_spec(int version, unsigned type);

/* The type whose name is `name` in `version`, or -1. */
int gt_v2_type_by_name(int version, const char *name, unsigned len);

/* Whether version is a v2 trace version this build reads. */
int gt_v2_version_ok(int version);

#endif
