-- Search orders listings by distance with a GiST index on a point of the unit sphere (the cube
-- type; see unitSpherePoint in schema.ts): nearest-first without sorting every listing of a city.
CREATE EXTENSION IF NOT EXISTS cube;
