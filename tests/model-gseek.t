#!/bin/sh
# A goroutine's transitions from a time on, found through its log's
# index (gt_model_g_transitions_from, what the timeline's goroutine lanes
# read for their window), and the last one another goroutine caused
# before a time, read back chunk by chunk (gt_model_g_last_cause), against
# the walk from its start (gt_model_g_transitions): every goroutine of the
# fixtures and of the corpus's traces, from random times, its transitions'
# times and its log's chunk starts (tests/unit/model_gseek.c).
exec sh "$(dirname "$0")/tools/unit-traces.sh" model_gseek \
	"the seeking query gives the reference's transitions" v1 v2 truncated
