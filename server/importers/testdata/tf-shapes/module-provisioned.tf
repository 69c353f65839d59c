locals {
  common_tags = { team = "payments", managed_by = "terraform" }
}

module "payments" {
  source = "terraform-aws-modules/dynamodb-table/aws"

  name           = "payments"
  hash_key       = "pk"
  range_key      = "sk"
  billing_mode   = "PROVISIONED"
  read_capacity  = 20
  write_capacity = 10
  table_class    = "STANDARD_INFREQUENT_ACCESS"

  point_in_time_recovery_enabled = true
  stream_enabled                 = true
  stream_view_type               = "NEW_IMAGE"

  attributes = [
    { name = "pk", type = "S" },
    { name = "sk", type = "S" },
    { name = "status", type = "S" },
    { name = "created", type = "N" },
  ]

  global_secondary_indexes = [
    {
      name               = "status-created"
      hash_key           = "status"
      range_key          = "created"
      projection_type    = "INCLUDE"
      non_key_attributes = ["amount", "currency"]
      read_capacity      = 5
      write_capacity     = 5
    }
  ]

  local_secondary_indexes = [
    {
      name            = "by-created"
      range_key       = "created"
      projection_type = "KEYS_ONLY"
    }
  ]

  tags = local.common_tags
}
