variable "environment" {
  type    = string
  default = "prod"
}

variable "capacity" {
  type = map(number)
  default = {
    read  = 6
    write = 3
  }
}

locals {
  name_prefix = "shop-${var.environment}"
  tags        = { environment = var.environment, owner = "checkout" }
}

resource "aws_dynamodb_table" "carts" {
  name           = join("-", [local.name_prefix, "carts"])
  billing_mode   = "PROVISIONED"
  read_capacity  = var.capacity["read"]
  write_capacity = lookup(var.capacity, "write", 1)
  hash_key       = "cart_id"

  attribute {
    name = "cart_id"
    type = "S"
  }

  tags = merge(local.tags, { component = "carts" })
}
