//go:build unix

package main

import (
	"os"
	"syscall"
)

// ownerOf is the numeric owner and group of path.
func ownerOf(fi os.FileInfo) (uid, gid int, ok bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, false
	}
	return int(st.Uid), int(st.Gid), true
}

// canWrite reports whether this user may create files in dir.
func canWrite(dir string) bool { return syscall.Access(dir, 2 /* W_OK */) == nil }
