; expect: 'break' outside a loop
    break
