// The bundled CLI's stand-in for the MCP SDK's `validation/ajv-provider.js`, which its client module imports
// (scripts/bundle-cli.ts puts it there). It is the same validator, the SDK's own `AjvJsonSchemaValidator` from its
// CommonJS build, created when a client first asks for a validator (to check a tool's output) instead of when the
// client module loads. `contract snapshot` never validates a tool's output: ajv, ajv-formats and fast-uri (some 270 KB)
// and the Ajv instance each `new Client()` builds are then never evaluated.

/** @type {typeof import('@modelcontextprotocol/sdk/validation/ajv').AjvJsonSchemaValidator | undefined} */
let SdkValidator;

export class AjvJsonSchemaValidator {
  #ajv;
  #validator;

  constructor(ajv) {
    this.#ajv = ajv;
  }

  getValidator(schema) {
    // esbuild bundles the required module as CommonJS and evaluates it at this call, the first time only.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- an import would be evaluated when this module loads
    SdkValidator ??= require('@modelcontextprotocol/sdk/validation/ajv').AjvJsonSchemaValidator;
    this.#validator ??= new SdkValidator(this.#ajv);
    return this.#validator.getValidator(schema);
  }
}
