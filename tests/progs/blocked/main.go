// Command blocked writes a small Go execution trace (Go 1.19, runtime/trace,
// the v1 format) in which goroutines are left blocked, each in a known way,
// for gtview's tests of `gtview goroutines --blocked` and `gtview gc`:
//
//	chan receive   1 x blockRecv           (reason "chan receive")
//	chan send      2 x blockSend           (reason "chan send")
//	select         1 x blockSelect         (reason "select")
//	mutex          1 x blockMutex          (reason "sync")
//	cond           1 x blockCond           (reason "sync.(*Cond).Wait")
//	sleep          1 x blockSleep          (reason "sleep")
//	network I/O    1 x blockAccept         (reason "network")
//	WaitGroup      3 x blockWaitGroup      (reason "sync")
//
// and it forces three GCs while tracing.  Usage: blocked OUT.trace
package main

import (
	"net"
	"os"
	"runtime"
	"runtime/trace"
	"sync"
	"time"
)

var (
	recvCh = make(chan int)
	sendCh = make(chan int)
	selA   = make(chan int)
	selB   = make(chan string)
	mu     sync.Mutex
	cmu    sync.Mutex
	cond   = sync.NewCond(&cmu)
	wg     sync.WaitGroup
	sink   [][]byte
)

func blockRecv()   { <-recvCh }
func blockSend()   { sendCh <- 1 }
func blockMutex()  { mu.Lock() }
func blockSleep()  { time.Sleep(time.Hour) }
func blockSelect() {
	select {
	case <-selA:
	case <-selB:
	}
}
func blockCond() {
	cmu.Lock()
	cond.Wait()
}
func blockWaitGroup() { wg.Wait() }
func blockAccept(l net.Listener) {
	c, err := l.Accept()
	if err == nil {
		c.Close()
	}
}

func main() {
	f, err := os.Create(os.Args[1])
	if err != nil {
		panic(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	if err := trace.Start(f); err != nil {
		panic(err)
	}
	mu.Lock()
	wg.Add(1)
	go blockRecv()
	go blockSend()
	go blockSend()
	go blockSelect()
	go blockMutex()
	go blockCond()
	go blockSleep()
	go blockAccept(l)
	for i := 0; i < 3; i++ {
		go blockWaitGroup()
	}
	for i := 0; i < 3; i++ {
		for j := 0; j < 2000; j++ {
			sink = append(sink, make([]byte, 1024))
		}
		sink = nil
		runtime.GC()
	}
	time.Sleep(50 * time.Millisecond) // let every goroutine reach its block
	trace.Stop()
	f.Close()
}
