import { defineTool, errorResult, type Tool, type ToolResult, Type } from '@weft/agent-core';
import { detectImage } from '@weft/tools-fs';

/** Base64 of this many bytes stays under the 5 MB image limit of the model APIs. */
const MAX_IMAGE_BYTES = Math.floor((5 * 1024 * 1024 * 3) / 4);

const parameters = Type.Object(
  { path: Type.String({ description: 'The path of the image file.' }) },
  { additionalProperties: false },
);

export type ViewImageParameters = typeof parameters;

/** codex's `view_image`: a local image, attached for the model to look at. */
export function createViewImageTool(): Tool<ViewImageParameters> {
  return defineTool({
    name: 'view_image',
    description:
      'Attaches a local image (PNG, JPEG, GIF or WebP) so you can look at it. Use it when the task needs you to see an image file.',
    parameters,
    async execute(args, { env }): Promise<ToolResult> {
      const absolute = env.resolvePath(args.path, 'read');
      const stat = await env.stat(absolute);
      if (stat?.type !== 'file') return errorResult(`unable to locate image at \`${absolute}\``);
      if (stat.size > MAX_IMAGE_BYTES) {
        return errorResult(
          `The image at ${absolute} is too large to attach (${stat.size} bytes); make a smaller copy.`,
        );
      }
      const bytes = await env.readFile(absolute);
      const mediaType = detectImage(bytes);
      if (!mediaType) return errorResult(`${absolute} is not a PNG, JPEG, GIF or WebP image.`);
      return {
        content: [{ type: 'image', data: Buffer.from(bytes).toString('base64'), mediaType }],
        details: { path: absolute, mediaType, bytes: stat.size },
      };
    },
  });
}
