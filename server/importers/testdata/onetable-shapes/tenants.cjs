#!/usr/bin/env node
/* Multi-tenant schema: one partition per tenant */
const tenantKey = 'tenant#${tenantId}'

module.exports = {
  format: "onetable:1.1.0",
  version: "0.0.1",
  indexes: {
    primary: { hash: "pk", sort: "sk" },
    gs1: { hash: "gs1pk", sort: "gs1sk", project: ["name", "role"] },
  },
  models: {
    Tenant: {
      pk: { type: String, value: tenantKey },
      sk: { type: String, value: "${_type}" },
      tenantId: { type: String, required: true },
      plan: { type: String, enum: ["free", "pro"], default: "free" },
    },
    User: {
      pk: { type: String, value: tenantKey },
      sk: { type: String, value: "${_type}#${email}" },
      tenantId: { type: String, required: true },
      email: { type: String, required: true },
      role: { type: String },
      name: { type: String },
      gs1pk: { type: String, value: "user#${email}" },
      gs1sk: { type: String, value: "${tenantId}" },
    },
  },
  params: { timestamps: false, },
};
