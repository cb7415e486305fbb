"""Call of Cthulhu 7th edition with the seed's house rules (seed 003; rules/coc.md)."""
