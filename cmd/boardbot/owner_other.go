//go:build !unix

package main

import "os"

// ownerOf knows no owners where files have none in the Unix sense.
func ownerOf(os.FileInfo) (uid, gid int, ok bool) { return 0, 0, false }

// canWrite cannot tell here: the write itself will say.
func canWrite(string) bool { return true }
