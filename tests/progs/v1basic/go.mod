module v1basic

go 1.19
