module v1cpu

go 1.19
