package sqlite

import "syscall"

// stRdonly is ST_RDONLY in statfs's flags: the file system is mounted read-only.
const stRdonly = 0x1

func statfsOS(dir string) (fsInfo, error) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return fsInfo{}, err
	}
	return fsInfo{free: st.Bavail * uint64(st.Bsize), readOnly: st.Flags&stRdonly != 0}, nil
}

// accessOS reports whether this process may write path (access(2) with W_OK): EACCES, EROFS or
// nil. It writes nothing.
func accessOS(path string) error { return syscall.Access(path, 0x2) }

// ownerOS is the user id owning path, and whether it is known.
func ownerOS(path string) (int, bool) {
	var st syscall.Stat_t
	if err := syscall.Stat(path, &st); err != nil {
		return 0, false
	}
	return int(st.Uid), true
}
