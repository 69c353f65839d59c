'use strict'

// Validation patterns shared by the models
const Match = {
    ulid: /^[0-9A-Z]{26}$/i,
    slug: /^[a-z0-9-]+$/,
}

const Schema = {
    version: '0.1.0',
    format: 'onetable:1.1.0',
    indexes: {
        primary: { hash: 'PK', sort: 'SK' },
        byAuthor: { hash: 'GSI1PK', sort: 'GSI1SK', project: 'keys' },
    },
    models: {
        Post: {
            PK: { type: String, value: "post#${slug}" },
            SK: { type: String, value: "post" },
            slug: { type: String, required: true, validate: Match.slug },
            authorId: { type: String, required: true, validate: Match.ulid },
            published: { type: Date },
            GSI1PK: { type: String, value: "author#${authorId}" },
            GSI1SK: { type: String, value: "post#${published}" },
        },
        Comment: {
            PK: { type: String, value: "post#${slug}" },
            SK: { type: String, value: "comment#${commentId}" },
            slug: { type: String, required: true },
            commentId: { type: String, generate: 'ulid' },
            body: { type: String },
        },
    },
}

module.exports = Schema
