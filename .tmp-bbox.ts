import sharp from 'sharp';
const [a, b, out] = process.argv.slice(2);
const [ix, iy] = [await sharp(a).raw().toBuffer({ resolveWithObject: true }), await sharp(b).raw().toBuffer({ resolveWithObject: true })];
const w = ix.info.width, c = ix.info.channels;
let minx=1e9,miny=1e9,maxx=0,maxy=0;
for (let i = 0; i < ix.data.length; i += c) if (ix.data[i]!==iy.data[i]||ix.data[i+1]!==iy.data[i+1]||ix.data[i+2]!==iy.data[i+2]) { const p=i/c, x=p%w, y=Math.floor(p/w); minx=Math.min(minx,x);maxx=Math.max(maxx,x);miny=Math.min(miny,y);maxy=Math.max(maxy,y); }
console.log({minx,miny,maxx,maxy});
const region = { left: Math.max(0,minx-60), top: Math.max(0,miny-30), width: Math.min(w-Math.max(0,minx-60), maxx-minx+120), height: maxy-miny+60 };
await sharp(a).extract(region).toFile(out+'-a.png'); await sharp(b).extract(region).toFile(out+'-b.png');
