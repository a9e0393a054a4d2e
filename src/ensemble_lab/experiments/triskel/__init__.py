"""Triskel (paper 000): Tables 1-2, Figure 2, the biasing strategies and the layered cake."""
