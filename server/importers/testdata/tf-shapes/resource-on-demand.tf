terraform {
  required_version = ">= 1.5"
}

resource "aws_dynamodb_table" "ledger" {
  name         = "ledger"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "account"
  range_key    = "entry"

  on_demand_throughput {
    max_read_request_units  = 1000
    max_write_request_units = 500
  }

  attribute {
    name = "account"
    type = "S"
  }
  attribute {
    name = "entry"
    type = "N"
  }

  point_in_time_recovery {
    enabled = true
  }

  deletion_protection_enabled = true
}
