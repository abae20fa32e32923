/* action.c: name, help and group of each action, from actions.def. */
#include "keymaps/action.h"

#include <stddef.h>
#include <string.h>

static const struct {
	const char *name;
	const char *help;
	enum gt_action_group group;
} actions[GT_ACTION_COUNT] = {
	[GT_ACTION_NONE] = {"none", "", GT_GROUP_GENERAL},
#define ACTION(id, name, group, help) [GT_ACTION_##id] = {name, help, GT_GROUP_##group},
#include "keymaps/actions.def"
};

static const char *const group_titles[GT_GROUP_COUNT] = {
#define GROUP(id, title) [GT_GROUP_##id] = title,
#include "keymaps/actions.def"
};

static int in_range(enum gt_action a)
{
	return (unsigned)a < GT_ACTION_COUNT;
}

const char *gt_action_name(enum gt_action a)
{
	return in_range(a) ? actions[a].name : NULL;
}

const char *gt_action_help(enum gt_action a)
{
	return in_range(a) ? actions[a].help : NULL;
}

enum gt_action_group gt_action_group(enum gt_action a)
{
	return in_range(a) ? actions[a].group : GT_GROUP_GENERAL;
}

const char *gt_group_title(enum gt_action_group g)
{
	return (unsigned)g < GT_GROUP_COUNT ? group_titles[g] : NULL;
}

enum gt_action gt_action_from_name(const char *name)
{
	for (int a = GT_ACTION_NONE + 1; a < GT_ACTION_COUNT; a++)
		if (!strcmp(actions[a].name, name))
			return (enum gt_action)a;
	return GT_ACTION_NONE;
}
