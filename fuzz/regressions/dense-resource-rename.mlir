"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "constant_dense_resource"}> ({
    %0 = "arith.constant"() <{value = dense_resource<dense_resource_test_5xf32> : tensor<5xf32>}> : () -> tensor<5xf32>
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

{-#
  dialect_resources: {
    builtin: {
      dense_resource_test_5xf32: "0x08000000041A503E183382BEFCEEBABE7A3AF0BE0E9DEE3E"
    }
  }
#-}

