module gtview/tests/progs/blocked

go 1.19
