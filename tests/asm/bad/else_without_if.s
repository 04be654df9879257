; expect: 'else' without 'if'
    else
