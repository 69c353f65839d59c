import { Entity, OneSchema, Table } from 'dynamodb-onetable'
import { DynamoDBClient } from '@aws-sdk/client-dynamodb'

const Schema: OneSchema = {
    format: `onetable:1.1.0`,
    version: `1.0.0`,
    indexes: {
        primary: { hash: 'pk', sort: 'sk' },
        ls1: { sort: 'created', type: 'local', project: ['total', 'status'] },
        gs1: { hash: 'status', sort: 'created', project: 'all' },
    },
    models: {
        Customer: {
            pk: { type: String, value: 'customer#${customerId}' },
            sk: { type: String, value: 'profile' },
            customerId: { type: String, required: true },
            email: { type: String, required: true },
        },
        Order: {
            pk: { type: String, value: 'customer#${customerId}' },
            sk: { type: String, value: 'order#${orderId}' },
            customerId: { type: String, required: true },
            orderId: { type: String, generate: 'ulid' },
            created: { type: String },
            status: { type: String, enum: ['open', 'paid', 'shipped'] },
            total: { type: Number },
        },
    },
    params: { isoDates: true },
}

export type CustomerType = Entity<typeof Schema.models.Customer>
export type OrderType = Entity<typeof Schema.models.Order>

const client = new DynamoDBClient({ region: process.env.AWS_REGION })
export const table = new Table({ client, name: 'store', schema: Schema, partial: true })
