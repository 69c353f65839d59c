use aws_config::BehaviorVersion;
use aws_sdk_dynamodb::config::Region;
use aws_sdk_dynamodb::primitives::Blob;
use aws_sdk_dynamodb::types::{AttributeValue, ReturnConsumedCapacity, ReturnItemCollectionMetrics, ReturnValue, ReturnValuesOnConditionCheckFailure};
use aws_sdk_dynamodb::{Client, Error};
use std::collections::HashMap;

#[tokio::main]
async fn main() -> Result<(), Error> {
    let config = aws_config::defaults(BehaviorVersion::latest())
        .region(Region::new("us-east-1"))
        .endpoint_url("http://localhost:8080")
        .load()
        .await;
    let client = Client::new(&config);
    let output = client
        .put_item()
        .table_name("Orders")
        .item("PK", AttributeValue::S("CUSTOMER#42".to_string()))
        .item("SK", AttributeValue::S("PROFILE".to_string()))
        .item("name", AttributeValue::S("Siobhán O'Brien".to_string()))
        .item("bio", AttributeValue::S(
            "Line one\nLine \"two\"\twith a tab, a backslash \\ and 🚀 and $HOME".to_string()
        ))
        .item("age", AttributeValue::N("37".to_string()))
        .item("avatar", AttributeValue::B(
            Blob::new(b"\x89PNG\x0d\x0a\x1a\x0a\x00\x00\x00\x0dIHDR".to_vec())
        ))
        .item("note", AttributeValue::B(Blob::new("hello world")))
        .item("emails", AttributeValue::Ss(
            vec!["siobhan@example.com".to_string(), "s.obrien@example.org".to_string()]
        ))
        .item("luckyNumbers", AttributeValue::Ns(
            vec!["7".to_string(), "13".to_string(), "42.5".to_string()]
        ))
        .item("keys", AttributeValue::Bs(
            vec![Blob::new("\0\u{1}\u{2}"), Blob::new(b"\xff\xff\xff\xff".to_vec())]
        ))
        .item("addresses", AttributeValue::L(
            vec![
                AttributeValue::M(
                    HashMap::from([
                        ("city".to_string(), AttributeValue::S("Dublin".to_string())),
                        ("zip".to_string(), AttributeValue::S("D02 X285".to_string())),
                        ("primary".to_string(), AttributeValue::Bool(true)),
                    ])
                ),
                AttributeValue::M(
                    HashMap::from([
                        ("city".to_string(), AttributeValue::S("Cork".to_string())),
                        ("zip".to_string(), AttributeValue::Null(true)),
                        ("primary".to_string(), AttributeValue::Bool(false)),
                    ])
                ),
            ]
        ))
        .item("preferences", AttributeValue::M(
            HashMap::from([
                ("theme".to_string(), AttributeValue::S("dark".to_string())),
                (
                    "notifications".to_string(),
                    AttributeValue::L(
                        vec![
                            AttributeValue::S("email".to_string()),
                            AttributeValue::N("3".to_string()),
                            AttributeValue::Bool(true),
                        ]
                    ),
                ),
            ])
        ))
        .item("deletedAt", AttributeValue::Null(true))
        .item("vip", AttributeValue::Bool(true))
        .condition_expression("attribute_not_exists(PK)")
        .return_values(ReturnValue::AllOld)
        .return_values_on_condition_check_failure(ReturnValuesOnConditionCheckFailure::AllOld)
        .return_consumed_capacity(ReturnConsumedCapacity::Total)
        .return_item_collection_metrics(ReturnItemCollectionMetrics::Size)
        .send()
        .await?;
    println!("{output:#?}");
    Ok(())
}
