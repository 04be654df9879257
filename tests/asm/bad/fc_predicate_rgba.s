; expect: flow control needs a single predicate bit
    if p.rgba
    endif
