module "sessions_table" {
  source  = "terraform-aws-modules/dynamodb-table/aws"
  version = "~> 4.2"

  name         = "${var.prefix}-sessions"
  hash_key     = "session_id"
  billing_mode = "PAY_PER_REQUEST"

  on_demand_throughput = {
    max_read_request_units  = 400
    max_write_request_units = 200
  }

  attributes = [
    { name = "session_id", type = "S" },
    { name = "user_id", type = "S" },
  ]

  global_secondary_indexes = [
    {
      name            = "by-user"
      hash_key        = "user_id"
      projection_type = "ALL"
      on_demand_throughput = {
        max_read_request_units = 100
      }
    }
  ]

  ttl_enabled        = true
  ttl_attribute_name = "expires_at"

  tags = {
    Terraform   = "true"
    Environment = var.env
  }
}

variable "prefix" {
  type    = string
  default = "web"
}

variable "env" {
  type    = string
  default = "staging"
}
