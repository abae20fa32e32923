/* action.h: the user actions of gtview, generated from keymaps/actions.def.
 *
 * Contract for tui/: the main loop gets an enum gt_action from the keymap
 * (keymaps/keymap.h) and runs it; actions never depend on which key was
 * pressed.  GT_ACTION_NONE (0) is "no action".  Ids are stable only within
 * one build: store names (gt_action_name), never numbers, in files.
 */
#ifndef GT_KEYMAPS_ACTION_H
#define GT_KEYMAPS_ACTION_H

enum gt_action {
	GT_ACTION_NONE = 0,
#define ACTION(id, name, group, help) GT_ACTION_##id,
#include "keymaps/actions.def"
	GT_ACTION_COUNT /* one past the last action */
};

enum gt_action_group {
#define GROUP(id, title) GT_GROUP_##id,
#include "keymaps/actions.def"
	GT_GROUP_COUNT
};

/* Kebab-case name ("move-down"); "none" for GT_ACTION_NONE, NULL when out of range. */
const char *gt_action_name(enum gt_action a);
/* One-line help text; "" for GT_ACTION_NONE, NULL when out of range. */
const char *gt_action_help(enum gt_action a);
/* The group an action is listed under (GT_GROUP_GENERAL for NONE). */
enum gt_action_group gt_action_group(enum gt_action a);
/* Group title ("Moving"); NULL when out of range. */
const char *gt_group_title(enum gt_action_group g);
/* The action called NAME (exact, case-sensitive); GT_ACTION_NONE when unknown. */
enum gt_action gt_action_from_name(const char *name);

#endif
