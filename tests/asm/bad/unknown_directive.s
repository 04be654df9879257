; expect: unknown instruction or directive '.floot'
.floot c0, 1
