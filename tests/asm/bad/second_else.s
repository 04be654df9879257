; expect: second 'else' for one 'if'
    if b0
    else
    else
    endif
