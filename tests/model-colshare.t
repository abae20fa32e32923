#!/bin/sh
# The share of a lane column each state takes (gt_col_share,
# gt_col_eighths: what the viewer draws a P lane's busy part and a
# goroutine lane's or strip's cells by) over the column summaries,
# against the same shares worked out from the spans themselves: every
# goroutine and P lane of the fixtures and of the corpus's server traces,
# over the whole trace and a part of it (tests/unit/model_colshare.c).
exec sh "$(dirname "$0")/tools/unit-traces.sh" model_colshare \
	"the columns' shares are the spans'" servers
