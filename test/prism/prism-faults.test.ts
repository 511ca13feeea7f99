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

describe('confirmedFaults on path keys with `#` text', () => {
  it('confirms a body refusal only when the body satisfies the operation’s own schema', () => {
    const issue =
      'request.body.0.op: Request body property 0.op must be equal to one of the allowed values: editTemplate, addField';
    const base = {
      method: 'PUT',
      url: '/metadata_templates/enterprise/securityClassification-6VMVochwUWo/schema',
      contentType: 'application/json-patch+json',
      body: '[{"op":"removeEnumOption","fieldKey":"k","enumOptionKey":"e"}]',
      prismIssues: [issue],
    };
    const key = '/metadata_templates/enterprise/securityClassification-6VMVochwUWo/schema#delete';
    expect(confirmedFaults({ ...base, pathKey: key, ownBodyValid: true })).toHaveLength(1);
    expect(confirmedFaults({ ...base, pathKey: key, ownBodyValid: false })).toBeUndefined();
    expect(confirmedFaults({ ...base, pathKey: key })).toBeUndefined();
    expect(confirmedFaults(base)).toBeUndefined();
  });
});

describe('confirmedFaults on JSON parts of a multipart body', () => {
  const issue = 'request.body.attributes: Request body property attributes must be object';
  const body = (type: string | undefined, text: string) =>
    `--b\r\nContent-Disposition: form-data; name="attributes"${type ? `\r\nContent-Type: ${type}` : ''}\r\n\r\n${text}\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhi\r\n--b--\r\n`;
  const base = {
    method: 'POST',
    url: '/files/content',
    contentType: 'multipart/form-data; boundary=b',
    prismIssues: [issue],
  };

  it('confirms it when the part is the JSON text of the object, typed application/json or not typed', () => {
    expect(confirmedFaults({ ...base, body: body('application/json', '{"name":"a.txt"}') })).toHaveLength(1);
    expect(confirmedFaults({ ...base, body: body(undefined, '{"name":"a.txt"}') })).toHaveLength(1);
  });

  it('not when the part is text, or its JSON is not an object', () => {
    expect(confirmedFaults({ ...base, body: body('text/plain', '{"name":"a.txt"}') })).toBeUndefined();
    expect(confirmedFaults({ ...base, body: body('application/json', '"a.txt"') })).toBeUndefined();
  });
});

describe('confirmedFaults on required names a form schema does not declare', () => {
  it('confirms a missing property only when the form body sends it', () => {
    const issue = "request.body: Request body must have required property 'grant_type'";
    const base = { method: 'POST', url: '/oauth2/revoke', contentType: form, prismIssues: [issue] };
    expect(confirmedFaults({ ...base, body: 'token=t&grant_type=x' })).toHaveLength(1);
    expect(confirmedFaults({ ...base, body: 'token=t' })).toBeUndefined();
    expect(
      confirmedFaults({ ...base, contentType: 'application/json', body: '{"grant_type":"x"}' }),
    ).toBeUndefined();
  });
});

describe('confirmedFaults on arrays of objects in a query', () => {
  it('confirms it only for the JSON text of an array of objects, sent once', () => {
    const issue = 'request.query.mdfilters.0: Request query parameter mdfilters.0 must be object';
    const json = encodeURIComponent(JSON.stringify([{ scope: 'enterprise', filters: {} }]));
    const at = (query: string) => ({ method: 'GET', url: `/search?query=a&${query}`, prismIssues: [issue] });
    expect(confirmedFaults(at(`mdfilters=${json}`))).toHaveLength(1);
    expect(confirmedFaults(at(`mdfilters=${json}&mdfilters=${json}`))).toBeUndefined();
    expect(confirmedFaults(at('mdfilters=scope,enterprise'))).toBeUndefined();
    expect(confirmedFaults(at(`mdfilters=${encodeURIComponent('["a"]')}`))).toBeUndefined();
  });
});

describe('confirmedFaults on query enums without a type', () => {
  it('confirms it when the text sent is one of the values Prism lists', () => {
    const issue =
      'request.query.ssl: Request query parameter ssl must be equal to one of the allowed values: 0, 1';
    const at = (query: string) => ({
      method: 'GET',
      url: `/zones/z/custom_hostnames?${query}`,
      prismIssues: [issue],
    });
    expect(confirmedFaults(at('ssl=0'))).toHaveLength(1);
    expect(confirmedFaults(at('ssl=2'))).toBeUndefined();
    expect(confirmedFaults(at('other=0'))).toBeUndefined();
  });
});

describe('confirmedFaults on nested form arrays', () => {
  it('confirms a required property Prism lost only when the body sends it as stripe-node does', () => {
    const issue =
      "request.body.features.subscription_cancel.cancellation_reason: Request body property features.subscription_cancel.cancellation_reason must have required property 'options'";
    const base = {
      method: 'POST',
      url: '/v1/billing_portal/configurations',
      contentType: form,
      prismIssues: [issue],
    };
    const sent =
      'features[subscription_cancel][cancellation_reason][enabled]=true&features[subscription_cancel][cancellation_reason][options][0]=other';
    expect(confirmedFaults({ ...base, body: sent })).toHaveLength(1);
    // Not sent: the other entry's case (an optional object never sent) does not apply either, as its parent was sent.
    expect(
      confirmedFaults({ ...base, body: 'features[subscription_cancel][cancellation_reason][enabled]=true' }),
    ).toBeUndefined();
    // Repeated keys are not what stripe-node sends.
    expect(
      confirmedFaults({
        ...base,
        body: 'features[subscription_cancel][cancellation_reason][options]=a&features[subscription_cancel][cancellation_reason][options]=b',
      }),
    ).toBeUndefined();
  });
});

describe('confirmedFaults on header parameters OpenAPI ignores', () => {
  it('confirms a required Content-Type, Accept or Authorization parameter, and no other header', () => {
    const at = (name: string) => ({
      method: 'GET',
      url: '/incidents',
      prismIssues: [`request.header: Request header must have required property '${name}'`],
    });
    expect(confirmedFaults(at('content-type'))).toHaveLength(1);
    expect(confirmedFaults(at('accept'))).toHaveLength(1);
    expect(confirmedFaults(at('x-trace'))).toBeUndefined();
  });
});
