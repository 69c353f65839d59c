/*
    CRM schema: accounts, contacts and their notes in one table
 */
export default {
    format: 'onetable:1.1.0',
    version: '0.0.1',
    indexes: {
        primary: { hash: 'pk', sort: 'sk' },
        gs1: { hash: 'gs1pk', sort: 'gs1sk', follow: true },
    },
    models: {
        Account: {
            pk: { type: String, value: '${_type}#${id}' },
            sk: { type: String, value: '${_type}#' },
            id: { type: String, generate: 'ulid' },
            name: { type: String, required: true },
            gs1pk: { type: String, value: 'account-name' },
            gs1sk: { type: String, value: '${name}' },
        },
        Contact: {
            pk: { type: String, value: 'Account#${accountId}' },
            sk: { type: String, value: '${_type}#${email}' },
            accountId: { type: String, required: true },
            email: { type: String, required: true },
            score: { type: Number, default: 0 },
            gs1pk: { type: String, value: 'contact-email' },
            gs1sk: { type: String, value: '${email}' },
        },
    } as const,
    params: {
        isoDates: true,
        timestamps: true,
    },
} as const
