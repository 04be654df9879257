; expect: 'endif' without 'if'
    endif
