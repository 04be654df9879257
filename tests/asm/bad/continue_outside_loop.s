; expect: 'continue' outside a loop
    if res
    continue
    endif
