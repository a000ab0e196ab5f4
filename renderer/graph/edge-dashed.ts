import type { Attributes } from 'graphology-types';
import { EdgeProgram, createEdgeArrowHeadProgram, createEdgeCompoundProgram, type EdgeProgramType } from 'sigma/rendering';
import type { EdgeDisplayData, NodeDisplayData, RenderParams } from 'sigma/types';
import { floatColor } from 'sigma/utils';

/** Dash and gap lengths on screen, in CSS pixels (constant at any zoom). */
export const DASH_PX = 6;
export const GAP_PX = 4;

const UNIFORMS = [
  'u_matrix',
  'u_zoomRatio',
  'u_sizeRatio',
  'u_correctionRatio',
  'u_pixelRatio',
  'u_feather',
  'u_minEdgeThickness',
  'u_lengthToThicknessRatio',
  'u_dimensions',
] as const;

/** Arrow head length relative to the edge thickness: sigma's default, so heads line up. */
const LENGTH_TO_THICKNESS = 2.5;

// Sigma's clamped edge (stops short of the target to leave room for an arrow head) plus the
// distance along the edge in screen pixels, which the fragment shader cuts into dashes.
const VERTEX_SHADER = /* glsl */ `
attribute vec4 a_id;
attribute vec4 a_color;
attribute vec2 a_normal;
attribute float a_normalCoef;
attribute vec2 a_positionStart;
attribute vec2 a_positionEnd;
attribute float a_positionCoef;
attribute float a_radius;
attribute float a_radiusCoef;

uniform mat3 u_matrix;
uniform float u_zoomRatio;
uniform float u_sizeRatio;
uniform float u_pixelRatio;
uniform float u_correctionRatio;
uniform float u_minEdgeThickness;
uniform float u_lengthToThicknessRatio;
uniform float u_feather;
uniform vec2 u_dimensions;

varying vec4 v_color;
varying vec2 v_normal;
varying float v_thickness;
varying float v_feather;
varying float v_along;

const float bias = 255.0 / 254.0;

void main() {
  float radius = a_radius * a_radiusCoef;
  vec2 normal = a_normal * a_normalCoef;
  vec2 position = a_positionStart * (1.0 - a_positionCoef) + a_positionEnd * a_positionCoef;
  float normalLength = length(normal);
  vec2 unitNormal = normal / normalLength;
  float pixelsThickness = max(normalLength, u_minEdgeThickness * u_sizeRatio);
  float webGLThickness = pixelsThickness * u_correctionRatio / u_sizeRatio;
  float direction = sign(radius);
  float webGLNodeRadius = direction * radius * 2.0 * u_correctionRatio / u_sizeRatio;
  float webGLArrowHeadLength = webGLThickness * u_lengthToThicknessRatio * 2.0;
  vec2 compensationVector = vec2(-direction * unitNormal.y, direction * unitNormal.x) * (webGLNodeRadius + webGLArrowHeadLength);
  gl_Position = vec4((u_matrix * vec3(position + unitNormal * webGLThickness + compensationVector, 1)).xy, 0, 1);

  vec2 startPx = (u_matrix * vec3(a_positionStart, 1)).xy * u_dimensions * 0.5;
  vec2 endPx = (u_matrix * vec3(a_positionEnd, 1)).xy * u_dimensions * 0.5;
  v_along = a_positionCoef * length(endPx - startPx);

  v_thickness = webGLThickness / u_zoomRatio;
  v_normal = unitNormal;
  v_feather = u_feather * u_correctionRatio / u_zoomRatio / u_pixelRatio * 2.0;
  #ifdef PICKING_MODE
  v_color = a_id;
  #else
  v_color = a_color;
  #endif
  v_color.a *= bias;
}
`;

const FRAGMENT_SHADER = /* glsl */ `
precision mediump float;

varying vec4 v_color;
varying vec2 v_normal;
varying float v_thickness;
varying float v_feather;
varying float v_along;

const vec4 transparent = vec4(0.0, 0.0, 0.0, 0.0);
const float dash = ${DASH_PX.toFixed(1)};
const float period = ${(DASH_PX + GAP_PX).toFixed(1)};

void main(void) {
  // Picking stays solid: the gaps still belong to the edge under the mouse.
  #ifdef PICKING_MODE
  gl_FragColor = v_color;
  #else
  if (mod(v_along, period) > dash) discard;
  float dist = length(v_normal) * v_thickness;
  float t = smoothstep(v_thickness - v_feather, v_thickness, dist);
  gl_FragColor = mix(v_color, transparent, t);
  #endif
}
`;

const { FLOAT, UNSIGNED_BYTE, TRIANGLES } = WebGLRenderingContext;

type Uniform = (typeof UNIFORMS)[number];

/** The dashed line of an edge, clamped before its target like sigma's arrow edges. */
class EdgeDashedClampedProgram<
  N extends Attributes = Attributes,
  E extends Attributes = Attributes,
  G extends Attributes = Attributes,
> extends EdgeProgram<Uniform, N, E, G> {
  getDefinition() {
    return {
      VERTICES: 6,
      VERTEX_SHADER_SOURCE: VERTEX_SHADER,
      FRAGMENT_SHADER_SOURCE: FRAGMENT_SHADER,
      METHOD: TRIANGLES,
      UNIFORMS,
      ATTRIBUTES: [
        { name: 'a_positionStart', size: 2, type: FLOAT },
        { name: 'a_positionEnd', size: 2, type: FLOAT },
        { name: 'a_normal', size: 2, type: FLOAT },
        { name: 'a_color', size: 4, type: UNSIGNED_BYTE, normalized: true },
        { name: 'a_id', size: 4, type: UNSIGNED_BYTE, normalized: true },
        { name: 'a_radius', size: 1, type: FLOAT },
      ],
      CONSTANT_ATTRIBUTES: [
        { name: 'a_positionCoef', size: 1, type: FLOAT },
        { name: 'a_normalCoef', size: 1, type: FLOAT },
        { name: 'a_radiusCoef', size: 1, type: FLOAT },
      ],
      CONSTANT_DATA: [
        [0, 1, 0],
        [0, -1, 0],
        [1, 1, 1],
        [1, 1, 1],
        [0, -1, 0],
        [1, -1, -1],
      ],
    };
  }

  processVisibleItem(edgeIndex: number, startIndex: number, source: NodeDisplayData, target: NodeDisplayData, data: EdgeDisplayData): void {
    const thickness = data.size || 1;
    const dx = target.x - source.x;
    const dy = target.y - source.y;
    const squared = dx * dx + dy * dy;
    const inverse = squared ? 1 / Math.sqrt(squared) : 0;
    const array = this.array;
    let i = startIndex;
    array[i++] = source.x;
    array[i++] = source.y;
    array[i++] = target.x;
    array[i++] = target.y;
    array[i++] = -dy * inverse * thickness;
    array[i++] = dx * inverse * thickness;
    array[i++] = floatColor(data.color);
    array[i++] = edgeIndex;
    array[i] = target.size || 1;
  }

  setUniforms(
    params: RenderParams,
    {
      gl,
      uniformLocations,
    }: { gl: WebGLRenderingContext | WebGL2RenderingContext; uniformLocations: Record<Uniform, WebGLUniformLocation> },
  ): void {
    gl.uniformMatrix3fv(uniformLocations.u_matrix, false, params.matrix);
    gl.uniform1f(uniformLocations.u_zoomRatio, params.zoomRatio);
    gl.uniform1f(uniformLocations.u_sizeRatio, params.sizeRatio);
    gl.uniform1f(uniformLocations.u_correctionRatio, params.correctionRatio);
    gl.uniform1f(uniformLocations.u_pixelRatio, params.pixelRatio);
    gl.uniform1f(uniformLocations.u_feather, params.antiAliasingFeather);
    gl.uniform1f(uniformLocations.u_minEdgeThickness, params.minEdgeThickness);
    gl.uniform1f(uniformLocations.u_lengthToThicknessRatio, LENGTH_TO_THICKNESS);
    gl.uniform2f(uniformLocations.u_dimensions, params.width, params.height);
  }
}

/**
 * A dashed, directed edge: discovered "explains" edges (claimed from evidence, not in the
 * topology). Sigma 3 ships no dashed program and no maintained @sigma/edge-* package draws
 * dashes, so this is sigma's clamped arrow with a dash pattern cut in the fragment shader.
 */
export function createEdgeDashedArrowProgram<N extends Attributes, E extends Attributes, G extends Attributes>(): EdgeProgramType<N, E, G> {
  return createEdgeCompoundProgram<N, E, G>([
    EdgeDashedClampedProgram as unknown as EdgeProgramType<N, E, G>,
    createEdgeArrowHeadProgram<N, E, G>({ lengthToThicknessRatio: LENGTH_TO_THICKNESS }),
  ]);
}
