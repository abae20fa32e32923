// v1cpu writes a small Go 1.19 execution trace taken while the CPU profiler
// runs, so the trace holds CPUSample events (header "go 1.19 trace").
//
//	/usr/lib/go-1.19/bin/go run . OUT.trace
package main

import (
	"io"
	"os"
	"runtime/pprof"
	"runtime/trace"
	"sync"
	"time"
)

var sinkv uint64

func burn(d time.Duration) {
	end := time.Now().Add(d)
	x := uint64(1)
	for time.Now().Before(end) {
		for i := 0; i < 1000; i++ {
			x = x*6364136223846793005 + 1442695040888963407
		}
	}
	sinkv += x
}

func main() {
	f, err := os.Create(os.Args[1])
	if err != nil {
		panic(err)
	}
	defer f.Close()
	if err := pprof.StartCPUProfile(io.Discard); err != nil {
		panic(err)
	}
	defer pprof.StopCPUProfile()
	if err := trace.Start(f); err != nil {
		panic(err)
	}
	defer trace.Stop()
	var wg sync.WaitGroup
	for i := 0; i < 3; i++ {
		wg.Add(1)
		go func() { defer wg.Done(); burn(60 * time.Millisecond) }()
	}
	wg.Wait()
}
