"test.op"() : () -> ()
