; expect: unknown .proginfo key 'mode'
.proginfo mode=umrt
