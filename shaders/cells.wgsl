// Tesseract cells: one instanced box per square, 36 vertices made from the vertex index,
// every corner carried through the 4D projection so faces bend with the 4D rotation.

struct CellIn {
    @location(0) centre: vec4<f32>,
    @location(1) half_size: vec4<f32>,
    @location(2) fill: vec4<f32>,
    @location(3) edge: vec4<f32>,
};

struct CellOut {
    @builtin(position) position: vec4<f32>,
    // Position inside the face and the face's half size, in 4D board units: the
    // border is found from these without derivatives (cheap on software rasterizers).
    @location(0) face_pos: vec2<f32>,
    @location(3) @interpolate(flat) face_half: vec2<f32>,
    @location(1) fill: vec4<f32>,
    @location(2) edge: vec4<f32>,
};

@vertex
fn vs_cell(@builtin(vertex_index) vertex: u32, cell: CellIn) -> CellOut {
    var corner_of = array<u32, 6>(0u, 1u, 2u, 0u, 2u, 3u);
    var corner_of_reversed = array<u32, 6>(0u, 2u, 1u, 0u, 3u, 2u);
    var corners = array<vec2<f32>, 4>(
        vec2<f32>(0.0, 0.0), vec2<f32>(1.0, 0.0), vec2<f32>(1.0, 1.0), vec2<f32>(0.0, 1.0)
    );
    let face = vertex / 6u;
    let axis = face / 2u;
    let side = select(-1.0, 1.0, face % 2u == 1u);
    // Back faces are culled, so every face must be wound counter-clockwise seen from
    // outside. The table's order does that for the +X, -Y and +Z faces; the others,
    // and every face of a cell the 4D rotation turned inside out, go the other way.
    let o = world4(cell.centre);
    let h = cell.half_size;
    let turned = determinant(mat3x3<f32>(
        world4(cell.centre + vec4<f32>(h.x, 0.0, 0.0, 0.0)) - o,
        world4(cell.centre + vec4<f32>(0.0, h.y, 0.0, 0.0)) - o,
        world4(cell.centre + vec4<f32>(0.0, 0.0, h.z, 0.0)) - o
    )) < 0.0;
    let table_inward = select((side < 0.0), (side > 0.0), axis == 1u);
    let k = vertex % 6u;
    let uv = corners[select(corner_of[k], corner_of_reversed[k], table_inward != turned)];
    let a = uv * 2.0 - 1.0;
    var local = vec3<f32>(a.x, a.y, side);
    var face_half = cell.half_size.xy;
    var shade = select(0.55, 1.0, side > 0.0); // layer top bright, underside dim
    if axis == 0u {
        local = vec3<f32>(side, a.x, a.y);
        face_half = cell.half_size.yz;
        shade = 0.75;
    } else if axis == 1u {
        local = vec3<f32>(a.x, side, a.y);
        face_half = cell.half_size.xz;
        shade = 0.88;
    }
    let p = cell.centre + vec4<f32>(local * cell.half_size.xyz, 0.0);
    var out: CellOut;
    out.position = project4(p);
    out.face_pos = a * face_half;
    out.face_half = face_half;
    out.fill = vec4<f32>(cell.fill.rgb * shade, cell.fill.a);
    out.edge = cell.edge;
    return out;
}

@fragment
fn fs_cell(in: CellOut) -> @location(0) vec4<f32> {
    // Distance to the face's border in board units; g.params.w is the edge width.
    let border = in.face_half - abs(in.face_pos);
    let e = min(border.x, border.y);
    let w = g.params.w;
    let on_edge = 1.0 - smoothstep(w * 0.6, w * 1.4, e);
    return mix(in.fill, in.edge, on_edge);
}
