// OneTable schema with a custom type field and composite sort keys
export const Schema = {
    format: 'onetable:1.1.0',
    version: '0.0.1',
    indexes: {
        primary: { hash: 'pk', sort: 'sk' },
    },
    models: {
        Account: {
            pk: { type: String, value: 'account#${name}${id}' },
            sk: { type: String, value: '${kind}' },
            id: { type: String, generate: 'uuid' },
            name: { type: String, required: true },
        },
        Invoice: {
            pk: { type: String, value: 'account#${accountId}' },
            sk: { type: String, value: '${kind}#${date}#${number}' },
            accountId: { type: String },
            date: { type: String },
            number: { type: Number },
            total: { type: Number },
        },
    },
    params: { typeField: 'kind' },
}
