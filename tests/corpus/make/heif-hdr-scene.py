# Writes a 16-bit PPM of an HDR test scene (used by heif.sh): PQ or HLG coded, BT.2020 primaries,
# as a camera or grading tool would hand it to an encoder. Usage: heif-hdr-scene.py pq|hlg out.ppm
import sys, numpy as np
mode, out = sys.argv[1], sys.argv[2]
W, H = 320, 240
y, x = np.mgrid[0:H, 0:W].astype(np.float64)
nits = np.zeros((H, W, 3))
# top band: grey ramp, 0.05 to 1000 nits on a log scale
ramp = 0.05 * (1000 / 0.05) ** (x[:80] / (W - 1))
nits[:80] = ramp[..., None]
# middle: six saturated patches at 80 nits and, below, the same at 400 nits
cols = np.array([[1,0,0],[0,1,0],[0,0,1],[0,1,1],[1,0,1],[1,1,0]], float)
for i, c in enumerate(cols):
    xs = slice(i * W // 6, (i + 1) * W // 6)
    nits[80:140, xs] = (0.1 + 0.9 * c) * 80
    nits[140:180, xs] = (0.1 + 0.9 * c) * 400
# bottom: warm skin-like gradient 20..200 nits with a 1000-nit sun
skin = np.array([0.9, 0.6, 0.45])
nits[180:] = skin * (20 + 180 * x[180:, :, None] / (W - 1))
sun = (x - 260) ** 2 + (y - 210) ** 2 < 15 ** 2
nits[sun] = [1000, 950, 900]
# BT.709 -> BT.2020 primaries (ITU-R BT.2087 matrix), in linear light
M = np.array([[0.6274, 0.3293, 0.0433], [0.0691, 0.9195, 0.0114], [0.0164, 0.0880, 0.8956]])
lin = np.clip(nits @ M.T, 0, None)
# sensor-like noise (1 %), fixed seed so the files can be re-made byte for byte
lin *= 1 + 0.01 * np.random.default_rng(24).standard_normal(lin.shape)
lin = np.clip(lin, 0, None)
if mode == 'pq':
    m1, m2, c1, c2, c3 = 2610/16384, 2523/4096*128, 3424/4096, 2413/4096*32, 2392/4096*32
    yy = (lin / 10000) ** m1
    sig = ((c1 + c2 * yy) / (1 + c3 * yy)) ** m2
else:  # HLG, scene light with 1000 nits = 1.0 (display gamma ignored)
    e = np.clip(lin / 1000, 0, 1)
    a, b, c = 0.17883277, 0.28466892, 0.55991073
    sig = np.where(e <= 1/12, np.sqrt(3 * e), a * np.log(np.maximum(12 * e - b, 1e-12)) + c)
v = np.round(np.clip(sig, 0, 1) * 65535).astype('>u2')
with open(out, 'wb') as f:
    f.write(b'P6\n%d %d\n65535\n' % (W, H)); f.write(v.tobytes())
