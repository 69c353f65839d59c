provider "aws" {
  region = local.region
}

locals {
  region = "eu-west-1"
}

resource "random_pet" "this" {
  length = 2
}

module "dynamodb_table" {
  source = "terraform-aws-modules/dynamodb-table/aws"
  version = "~> 4.0"

  name                               = "my-table-basic"
  hash_key                           = "id"
  range_key                          = "title"
  table_class                        = "STANDARD"
  deletion_protection_enabled        = false
  point_in_time_recovery_enabled     = true
  ttl_enabled                        = true
  ttl_attribute_name                 = "expires"
  stream_enabled                     = true
  stream_view_type                   = "KEYS_ONLY"

  attributes = [
    {
      name = "id"
      type = "N"
    },
    {
      name = "title"
      type = "S"
    },
    {
      name = "age"
      type = "N"
    }
  ]

  global_secondary_indexes = [
    {
      name               = "TitleIndex"
      hash_key           = "title"
      range_key          = "age"
      projection_type    = "INCLUDE"
      non_key_attributes = ["id"]
    }
  ]

  server_side_encryption_enabled = true

  tags = {
    Terraform   = "true"
    Environment = "staging"
  }
}

module "disabled_dynamodb_table" {
  source = "terraform-aws-modules/dynamodb-table/aws"

  create_table = false
}
