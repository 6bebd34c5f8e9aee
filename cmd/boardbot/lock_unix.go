//go:build unix

package main

import (
	"fmt"
	"os"
	"sync"
	"syscall"
)

// lockFile takes an advisory lock on path (created if needed): shared for every process that
// uses the database, exclusive for restore, which must not swap the file under a running bot.
// It does not wait: a lock held the other way is an error.
func lockFile(path string, exclusive bool) (func(), error) {
	f, err := openFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	if err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB); err != nil {
		f.Close()
		return nil, errLocked
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
			f.Close()
		})
	}, nil
}
