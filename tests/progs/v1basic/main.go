// v1basic writes a small Go 1.19 execution trace ("go 1.19 trace" header)
// exercising most old-format events: goroutine creation and end, channel
// send/receive/select blocking, mutexes and conditions, sleeps, blocking and
// non-blocking syscalls, network waits, GC with mark assists and sweeping,
// GOMAXPROCS changes, user tasks, regions and logs.
//
//	/usr/lib/go-1.19/bin/go run . OUT.trace
package main

import (
	"context"
	"net"
	"os"
	"runtime"
	"runtime/trace"
	"sync"
	"time"
)

var sink [][]byte

func main() {
	f, err := os.Create(os.Args[1])
	if err != nil {
		panic(err)
	}
	defer f.Close()
	if err := trace.Start(f); err != nil {
		panic(err)
	}
	defer trace.Stop()

	ctx, task := trace.NewTask(context.Background(), "fixture")
	trace.Log(ctx, "phase", "start")

	// Channels: unbuffered ping-pong and a select.
	ping, pong := make(chan int), make(chan int)
	go func() {
		for v := range ping {
			pong <- v + 1
		}
		close(pong)
	}()
	trace.WithRegion(ctx, "pingpong", func() {
		for i := 0; i < 20; i++ {
			ping <- i
			<-pong
		}
	})
	close(ping)
	<-pong
	sel := make(chan int)
	go func() { time.Sleep(2 * time.Millisecond); sel <- 1 }()
	select {
	case <-sel:
	case <-time.After(time.Second):
	}

	// Mutex and condition variable.
	var mu sync.Mutex
	cond := sync.NewCond(&mu)
	ready := false
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			for !ready {
				cond.Wait()
			}
			mu.Unlock()
		}()
	}
	time.Sleep(time.Millisecond)
	mu.Lock()
	ready = true
	cond.Broadcast()
	mu.Unlock()
	wg.Wait()

	// Syscalls: a pipe read blocks until written.
	r, w, _ := os.Pipe()
	go func() { time.Sleep(3 * time.Millisecond); w.Write([]byte("x")); w.Close() }()
	buf := make([]byte, 1)
	r.Read(buf)
	r.Close()

	// Network: a loopback connection waits in the netpoller.
	if ln, err := net.Listen("tcp", "127.0.0.1:0"); err == nil {
		go func() {
			if c, err := ln.Accept(); err == nil {
				time.Sleep(2 * time.Millisecond)
				c.Write([]byte("hi"))
				c.Close()
			}
		}()
		if c, err := net.Dial("tcp", ln.Addr().String()); err == nil {
			c.Read(buf)
			c.Close()
		}
		ln.Close()
	}

	// Allocation and GC, with helpers that allocate while marking.
	trace.WithRegion(ctx, "gc", func() {
		var gwg sync.WaitGroup
		for i := 0; i < 4; i++ {
			gwg.Add(1)
			go func() {
				defer gwg.Done()
				for j := 0; j < 200; j++ {
					sink = append(sink, make([]byte, 4096))
					if len(sink) > 500 {
						sink = nil
					}
				}
			}()
		}
		runtime.GC()
		gwg.Wait()
		runtime.GC()
	})
	old := runtime.GOMAXPROCS(2)
	runtime.Gosched()
	runtime.GOMAXPROCS(old)
	trace.Log(ctx, "phase", "end")
	task.End()
}
