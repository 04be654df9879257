; expect: 'loop' needs an integer constant i0-i31
    loop c3
    endloop
