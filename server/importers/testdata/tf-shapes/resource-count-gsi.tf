variable "enable_audit" {
  type    = bool
  default = false
}

resource "aws_dynamodb_table" "inventory" {
  name           = "inventory"
  billing_mode   = "PROVISIONED"
  read_capacity  = 8
  write_capacity = 4
  hash_key       = "sku"

  attribute {
    name = "sku"
    type = "S"
  }

  attribute {
    name = "warehouse"
    type = "S"
  }

  global_secondary_index {
    name            = "by-warehouse"
    hash_key        = "warehouse"
    projection_type = "KEYS_ONLY"
    read_capacity   = 2
    write_capacity  = 2
  }

  ttl {
    attribute_name = "ttl"
    enabled        = true
  }
}

resource "aws_dynamodb_table" "audit" {
  count        = var.enable_audit ? 1 : 0
  name         = "inventory-audit"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "event"

  attribute {
    name = "event"
    type = "S"
  }
}
