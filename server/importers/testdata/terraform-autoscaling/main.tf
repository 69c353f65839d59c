# A provisioned table scaled the way the AWS provider's documentation of
# aws_appautoscaling_target and aws_appautoscaling_policy shows, with a GSI
# scaled on its own and a module table using the module's inputs.
variable "env" {
  default = "staging"
}

resource "aws_dynamodb_table" "scores" {
  name           = "scores-${var.env}"
  billing_mode   = "PROVISIONED"
  read_capacity  = 10
  write_capacity = 4
  hash_key       = "player"
  range_key      = "game"

  attribute {
    name = "player"
    type = "S"
  }
  attribute {
    name = "game"
    type = "S"
  }
  attribute {
    name = "score"
    type = "N"
  }

  global_secondary_index {
    name            = "by-score"
    hash_key        = "game"
    range_key       = "score"
    projection_type = "KEYS_ONLY"
    read_capacity   = 5
    write_capacity  = 4
  }

  lifecycle {
    ignore_changes = [read_capacity, write_capacity]
  }
}

resource "aws_appautoscaling_target" "scores_read" {
  max_capacity       = 200
  min_capacity       = 10
  resource_id        = "table/${aws_dynamodb_table.scores.name}"
  scalable_dimension = "dynamodb:table:ReadCapacityUnits"
  service_namespace  = "dynamodb"
}

resource "aws_appautoscaling_policy" "scores_read" {
  name               = "DynamoDBReadCapacityUtilization:${aws_appautoscaling_target.scores_read.resource_id}"
  policy_type        = "TargetTrackingScaling"
  resource_id        = aws_appautoscaling_target.scores_read.resource_id
  scalable_dimension = aws_appautoscaling_target.scores_read.scalable_dimension
  service_namespace  = aws_appautoscaling_target.scores_read.service_namespace

  target_tracking_scaling_policy_configuration {
    predefined_metric_specification {
      predefined_metric_type = "DynamoDBReadCapacityUtilization"
    }
    target_value = 60
  }
}

resource "aws_appautoscaling_target" "scores_write" {
  max_capacity       = 40
  min_capacity       = 4
  resource_id        = "table/${aws_dynamodb_table.scores.name}"
  scalable_dimension = "dynamodb:table:WriteCapacityUnits"
  service_namespace  = "dynamodb"
}

resource "aws_appautoscaling_target" "scores_by_score_read" {
  max_capacity       = 500
  min_capacity       = 5
  resource_id        = "table/${aws_dynamodb_table.scores.name}/index/by-score"
  scalable_dimension = "dynamodb:index:ReadCapacityUnits"
  service_namespace  = "dynamodb"
}

module "sessions" {
  source  = "terraform-aws-modules/dynamodb-table/aws"
  version = "~> 4.0"

  name           = "sessions"
  hash_key       = "id"
  billing_mode   = "PROVISIONED"
  read_capacity  = 5
  write_capacity = 2

  attributes = [
    { name = "id", type = "S" },
  ]

  autoscaling_enabled = true
  autoscaling_read = {
    scale_in_cooldown  = 60
    scale_out_cooldown = 30
    target_value       = 45
    max_capacity       = 50
  }
  autoscaling_write = {
    max_capacity = 20
  }
}
