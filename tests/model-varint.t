#!/bin/sh
# The model varint writers agree byte for byte (tests/unit/model_varint.c:
# the BMI2 pdep form gbuild_bmi2.c uses against the plain loop).
exec sh "$(dirname "$0")/tools/unit-tap.sh" model_varint
