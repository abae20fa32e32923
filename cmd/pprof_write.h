/* pprof_write.h: a profile (model/profile.h) as a gzipped pprof file:
 * the profile.proto message of github.com/google/pprof, as `go tool
 * pprof` and every pprof tool read it.  Blocking profiles have Go's
 * `go tool trace -pprof` sample types (contentions/count,
 * delay/nanoseconds; period trace/count 1), CPU profiles those of
 * runtime/pprof (samples/count, cpu/nanoseconds; period cpu/nanoseconds
 * GT_PROF_CPU_PERIOD).  Locations are the stacks' frames (address, one
 * line), functions their (name, file). */
#ifndef GT_CMD_PPROF_WRITE_H
#define GT_CMD_PPROF_WRITE_H

#include <stdint.h>
#include <stdio.h>

#include "model/profile.h"

/* Writes p to fp; duration_ns is the profile's span (0: not given).
 * Returns 0, -1 when out of memory, -2 on a write or zlib error. */
int gt_pprof_write(FILE *fp, const struct gt_model *m, const struct gt_prof *p,
                   int64_t duration_ns);

#endif
