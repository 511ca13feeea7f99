/**
 * The Prism lane's table of Prism faults: a refusal counts as one only when its confirmation passes on the request
 * as recorded.
 */
import { describe, expect, it } from 'vitest';
import { confirmedFaults, stripeNodePairs } from './prism-faults.ts';

const form = 'application/x-www-form-urlencoded';

describe('confirmedFaults', () => {
  it('confirms a required property of an optional object only when the object was not sent', () => {
    const issue =
      "request.body.automatic_tax: Request body property automatic_tax must have required property 'enabled'";
    const base = { method: 'POST', url: '/v1/subscriptions', contentType: form, prismIssues: [issue] };
    expect(confirmedFaults({ ...base, body: 'customer=cus_1' })).toHaveLength(1);
    expect(
      confirmedFaults({ ...base, body: 'customer=cus_1&automatic_tax[liability][type]=self' }),
    ).toBeUndefined();
    // A JSON body is not read the deepObject way: not Prism's fault.
    expect(confirmedFaults({ ...base, contentType: 'application/json', body: '{}' })).toBeUndefined();
  });

  it('confirms it for a query parameter by the URL', () => {
    const issue =
      "request.query.customer_details: Request query parameter customer_details must have required property 'email'";
    expect(confirmedFaults({ method: 'GET', url: '/v1/x?limit=1', prismIssues: [issue] })).toHaveLength(1);
    expect(
      confirmedFaults({ method: 'GET', url: '/v1/x?customer_details[tax]=1', prismIssues: [issue] }),
    ).toBeUndefined();
  });

  it("confirms an array of objects in a form body when it is stripe-node's encoding", () => {
    const issue =
      'request: Cannot deserialize JSON object array in form data request body. Make sure the array is in JSON';
    const base = { method: 'POST', url: '/v1/prices', contentType: form, prismIssues: [issue] };
    expect(
      confirmedFaults({ ...base, body: 'items[0][price]=p_1&items[0][quantity]=2&mode=payment' }),
    ).toHaveLength(1);
    // Repeated keys are not what stripe-node sends.
    expect(confirmedFaults({ ...base, body: 'items[0][price]=p_1&items[0][price]=p_2' })).toBeUndefined();
    expect(stripeNodePairs('a[0][b]=x+y')).toEqual([['a[0][b]', 'x y']]);
  });

  it('confirms reserved characters only in a multipart body', () => {
    const issue = 'request.body.file_link_data: Reserved characters used in request body';
    const base = { method: 'POST', url: '/v1/files', prismIssues: [issue], body: '' };
    expect(confirmedFaults({ ...base, contentType: 'multipart/form-data; boundary=x' })).toHaveLength(1);
    expect(confirmedFaults({ ...base, contentType: form })).toBeUndefined();
  });

  it('does not count a refusal with any violation it cannot confirm', () => {
    const issues = [
      'request.body.file_link_data: Reserved characters used in request body',
      "request.body: Request body must have required property 'purpose'",
    ];
    expect(
      confirmedFaults({
        method: 'POST',
        url: '/v1/files',
        contentType: 'multipart/form-data',
        prismIssues: issues,
      }),
    ).toBeUndefined();
  });
});

describe('confirmedFaults on form arrays', () => {
  it('confirms an array refused in a form body sent as the repeated key OpenAPI defaults to', () => {
    const issue = 'request.body.MediaUrl: Request body property MediaUrl must be array';
    const base = { method: 'POST', url: '/Messages.json', contentType: form, prismIssues: [issue] };
    expect(confirmedFaults({ ...base, body: 'To=1&MediaUrl=https%3A%2F%2Fa' })).toHaveLength(1);
    expect(confirmedFaults({ ...base, body: 'To=1&MediaUrl=a&MediaUrl=b' })).toHaveLength(1);
    expect(confirmedFaults({ ...base, body: 'To=1&MediaUrl[0]=a' })).toBeUndefined();
  });
});

describe('confirmedFaults on multipart objects', () => {
  it('reads the part names of a multipart body to see what was sent', () => {
    const issue =
      "request.body.file_link_data: Request body property file_link_data must have required property 'create'";
    const part = (name: string) => `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\nx\r\n`;
    const base = {
      method: 'POST',
      url: '/v1/files',
      contentType: 'multipart/form-data; boundary=b',
      prismIssues: [issue],
    };
    expect(confirmedFaults({ ...base, body: `${part('purpose')}--b--` })).toHaveLength(1);
    expect(confirmedFaults({ ...base, body: `${part('file_link_data[metadata][a]')}--b--` })).toBeUndefined();
  });
});
