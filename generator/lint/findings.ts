/**
 * One lint finding, whichever tool found it, and the four ways `lint` prints them: text (one located line each),
 * JSON, SARIF 2.1.0 (GitHub code scanning and other SARIF readers) and GitHub Actions workflow commands.
 */
import type { Location } from '../diagnostics.ts';

export type Tool = 'platform-api-codegen' | 'spectral' | 'redocly';

export interface Finding {
  tool: Tool;
  /** Our diagnostic code, or the ruleset's rule id. */
  rule: string;
  severity: 'error' | 'warning';
  message: string;
  file?: string;
  line?: number;
  column?: number;
  /** JSON pointer into the (bundled) document, when known. */
  pointer?: string;
}

export const FORMATS = ['text', 'json', 'sarif', 'github'] as const;
export type Format = (typeof FORMATS)[number];

export function fromLocation(
  tool: Tool,
  rule: string,
  severity: Finding['severity'],
  message: string,
  at: Location,
): Finding {
  return {
    tool,
    rule,
    severity,
    message,
    ...(at.file !== undefined ? { file: at.file } : {}),
    ...(at.line !== undefined ? { line: at.line } : {}),
    ...(at.column !== undefined ? { column: at.column } : {}),
    ...(at.pointer !== undefined ? { pointer: at.pointer } : {}),
  };
}

const where = (f: Finding) =>
  [
    f.file
      ? `${f.file}${f.line !== undefined ? `:${f.line}${f.column !== undefined ? `:${f.column}` : ''}` : ''}`
      : '',
    f.pointer ?? '',
  ]
    .filter(Boolean)
    .join(' ');

/** `file:line:col #/pointer: error[rule]: message` (the tool named when it is not ours). */
export function renderText(findings: Finding[]): string {
  return findings
    .map((f) => {
      const at = where(f);
      const rule = f.tool === 'platform-api-codegen' ? f.rule : `${f.tool}:${f.rule}`;
      return `${at ? `${at}: ` : ''}${f.severity}[${rule}]: ${f.message}\n`;
    })
    .join('');
}

export function renderJson(findings: Finding[], summary: object): string {
  return `${JSON.stringify({ ...summary, findings }, null, 2)}\n`;
}

/** One SARIF run per tool that ran, each listing its rules; locations relative to the working directory. */
export function renderSarif(findings: Finding[], tools: Tool[], version: string): string {
  const runs = tools.map((tool) => {
    const own = findings.filter((f) => f.tool === tool);
    const rules = [...new Set(own.map((f) => f.rule))].sort();
    return {
      tool: {
        driver: {
          name: tool,
          ...(tool === 'platform-api-codegen' ? { version } : {}),
          rules: rules.map((id) => ({ id })),
        },
      },
      results: own.map((f) => ({
        ruleId: f.rule,
        ruleIndex: rules.indexOf(f.rule),
        level: f.severity,
        message: { text: f.message },
        ...(f.file
          ? {
              locations: [
                {
                  physicalLocation: {
                    artifactLocation: { uri: f.file.split('\\').join('/') },
                    ...(f.line !== undefined
                      ? {
                          region: {
                            startLine: Math.max(1, f.line),
                            ...(f.column !== undefined ? { startColumn: Math.max(1, f.column) } : {}),
                          },
                        }
                      : {}),
                  },
                  ...(f.pointer ? { logicalLocations: [{ fullyQualifiedName: f.pointer }] } : {}),
                },
              ],
            }
          : {}),
      })),
    };
  });
  return `${JSON.stringify({ $schema: 'https://json.schemastore.org/sarif-2.1.0.json', version: '2.1.0', runs }, null, 2)}\n`;
}

// Workflow command escaping (GitHub's toolkit): data escapes %, CR and LF; properties also `:` and `,`.
const data = (s: string) => s.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
const property = (s: string) => data(s).replaceAll(':', '%3A').replaceAll(',', '%2C');

/** `::error file=…,line=…,col=…,title=…::message`: an annotation on the line in the pull request. */
export function renderGithub(findings: Finding[]): string {
  return findings
    .map((f) => {
      const props = [
        f.file ? `file=${property(f.file)}` : '',
        f.line !== undefined ? `line=${f.line}` : '',
        f.column !== undefined ? `col=${f.column}` : '',
        `title=${property(f.tool === 'platform-api-codegen' ? f.rule : `${f.tool}:${f.rule}`)}`,
      ].filter(Boolean);
      const text = f.pointer ? `${f.message} (${f.pointer})` : f.message;
      return `::${f.severity} ${props.join(',')}::${data(text)}\n`;
    })
    .join('');
}
