variable "environment" {
  type    = string
  default = "staging"
}

variable "read_capacity" {
  type    = number
  default = 20
}

variable "events_class" {
  type = string
}

variable "kms_key_arn" {
  type = string
}

locals {
  prefix = "${var.environment}-games"
  tags = {
    Environment = var.environment
    Name        = "dynamodb-table-1"
  }
}

resource "aws_dynamodb_table" "basic-dynamodb-table" {
  name           = "${local.prefix}-GameScores"
  billing_mode   = "PROVISIONED"
  read_capacity  = var.read_capacity
  write_capacity = 20
  hash_key       = "UserId"
  range_key      = "GameTitle"

  attribute {
    name = "UserId"
    type = "S"
  }

  attribute {
    name = "GameTitle"
    type = "S"
  }

  attribute {
    name = "TopScore"
    type = "N"
  }

  attribute {
    name = "LastPlayed"
    type = "S"
  }

  ttl {
    attribute_name = "TimeToExist"
    enabled        = true
  }

  global_secondary_index {
    name               = "GameTitleIndex"
    hash_key           = "GameTitle"
    range_key          = "TopScore"
    write_capacity     = 10
    read_capacity      = 10
    projection_type    = "INCLUDE"
    non_key_attributes = ["UserId"]
  }

  local_secondary_index {
    name            = "LastPlayedIndex"
    range_key       = "LastPlayed"
    projection_type = "KEYS_ONLY"
  }

  stream_enabled   = true
  stream_view_type = "NEW_AND_OLD_IMAGES"

  point_in_time_recovery {
    enabled = true
  }

  server_side_encryption {
    enabled     = true
    kms_key_arn = var.kms_key_arn
  }

  deletion_protection_enabled = true
  table_class                 = "STANDARD_INFREQUENT_ACCESS"

  tags = local.tags

  lifecycle {
    ignore_changes = [read_capacity, write_capacity]
  }
}

resource "aws_dynamodb_table" "sessions" {
  count        = var.environment == "prod" ? 1 : 0
  name         = "sessions"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "id"

  attribute {
    name = "id"
    type = "S"
  }
}

resource "aws_dynamodb_table" "events" {
  name         = upper("events")
  table_class  = var.events_class
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "pk"
  range_key    = "sk"

  attribute {
    name = "pk"
    type = "S"
  }
  attribute {
    name = "sk"
    type = "S"
  }

  on_demand_throughput {
    max_read_request_units  = 100
    max_write_request_units = 50
  }
}
